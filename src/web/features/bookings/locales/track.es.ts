import type en from './track.en.ts';

export default {
  title: 'Seguimiento en vivo',
  loading: 'Cargando el trabajo...',
  cannotReach: 'No se puede conectar con Truck Finder. Revise su conexión e intente de nuevo.',
  goHome: 'Ir a Truck Finder',
  connectionLost: 'Se perdió la conexión: se muestra la última ubicación conocida.',
  note: 'Compartido con usted desde Truck Finder. El enlace muestra el estado del trabajo y al proveedor en el mapa, y deja de funcionar 24 horas después de compartirse o una hora después de terminar el trabajo.',
  pending: 'Esperando que el proveedor acepte.',
  confirmed: 'El proveedor aceptó el trabajo y se está preparando.',
  inProgress: 'El proveedor va en camino o está trabajando en el camión.',
  completed: 'El trabajo está terminado.',
  cancelled: 'Este trabajo fue cancelado.',
  callName: 'Llamar a {name}',
  callPhone: 'Llamar al <0>{phone}</0>',
} satisfies Record<keyof typeof en, string>;
