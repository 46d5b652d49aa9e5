import type en from './help-dialog.en.ts';

export default {
  title: 'Pedir ayuda cerca',
  description:
    'Preguntamos a la vez a hasta {count} proveedores disponibles. El primero que acepte se queda con el trabajo; si nadie acepta en 5 minutos, preguntamos más lejos.',
  form: 'Pedir ayuda',
  serviceType: 'Tipo de servicio',
  chooseService: 'Elija un servicio',
  location: 'Ubicación',
  myLocation: 'Mi ubicación ({latitude}, {longitude})',
  pickLegend: 'Preguntar a estos proveedores (opcional)',
  chosen: '{count} de {max} elegidos.',
  noneChosen: 'Ninguno elegido: preguntamos a los {max} mejores disponibles cerca.',
  cancel: 'Cancelar',
  asking: 'Preguntando...',
  ask: 'Pedir ayuda',
  requested: 'Ayuda pedida',
  requestedDescription:
    'Se preguntó a {count, plural, one {# proveedor} other {# proveedores}}. El primero que acepte se queda con el trabajo.',
} satisfies Record<keyof typeof en, string>;
