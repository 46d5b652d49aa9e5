import type en from './paused.en.ts';

export default {
  paused:
    'El plan de {business} ya no incluye cuentas de equipo. Pídale al dueño que mejore el plan.',
} satisfies Record<keyof typeof en, string>;
