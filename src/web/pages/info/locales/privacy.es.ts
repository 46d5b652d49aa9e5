import type en from './privacy.en.ts';

export default {
  title: 'Aviso de privacidad',
  intro:
    'Truck Finder conecta a los conductores que necesitan ayuda en carretera con los mecánicos, llanteras y servicios de grúa que la dan. Esta página explica qué guardamos de usted, para qué, y qué nos puede pedir.',
  keepTitle: 'Qué guardamos',
  keepAccount:
    'Su cuenta: nombre, correo electrónico, teléfono, nombre de usuario, rol y, si los da, ubicación, empresa, número de socio AAA, número de CDL y vehículos.',
  keepPassword: 'Su contraseña solo como un hash argon2id; nadie en Truck Finder la puede leer.',
  keepBookings: 'Las reservas, reseñas y notificaciones que usted crea o recibe.',
  keepProviders:
    'De los proveedores: datos del negocio, números de licencia y de seguro (solo los ven usted y nuestro equipo de verificación) y los pagos del plan.',
  keepPosition:
    'Su ubicación solo mientras usa las funciones de ubicación: para encontrar proveedores cerca de usted o, si es un proveedor en un trabajo, para mostrarle al conductor dónde está. No se sigue en segundo plano.',
  keepSignIns:
    'Registros de inicio de sesión (hora, dirección, navegador) para proteger su cuenta y evitar que adivinen su contraseña.',
  whyTitle: 'Para qué',
  why: 'Para dar el servicio que usted pidió: encontrar y reservar ayuda, permitir que la otra parte de la reserva se comunique con usted, cobrar pagos, verificar proveedores y mantener el servicio honesto. No vendemos datos personales ni mostramos publicidad de terceros.',
  whoTitle: 'Quién lo ve',
  who: 'Cuando usted reserva, el proveedor ve su nombre, teléfono, datos del vehículo y la ubicación que usted da. El conductor ve los datos del negocio del proveedor y, durante un trabajo, su ubicación en vivo. Los pagos con tarjeta los procesa nuestro proveedor de pagos; nunca guardamos números de tarjeta.',
  choicesTitle: 'Sus opciones',
  choices:
    'Puede corregir su perfil cuando quiera, y pedirnos que exportemos o borremos su cuenta escribiendo a <0>privacy@truckfinder.test</0>. Guardamos los registros de reservas y pagos el tiempo que exige la ley de impuestos y después los borramos.',
} satisfies Record<keyof typeof en, string>;
