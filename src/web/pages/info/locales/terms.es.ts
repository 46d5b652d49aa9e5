import type en from './terms.en.ts';

export default {
  title: 'Términos del servicio',
  intro:
    'Estos términos aplican cuando usted usa Truck Finder como conductor, como proveedor de servicio o como visitante.',
  serviceTitle: 'El servicio',
  service:
    'Truck Finder es un mercado en línea. Los proveedores son negocios independientes; el trabajo de reparación, llantas o grúa se acuerda entre el conductor y el proveedor. Verificamos la licencia del negocio y el seguro de cada proveedor antes de mostrarlo, pero nosotros no hacemos el trabajo.',
  pricesTitle: 'Reservas y precios',
  pricesFees:
    'Cada reserva muestra la tarifa de visita del proveedor, una comisión de la plataforma del 10 % de la tarifa de visita y el total antes de que usted confirme.',
  pricesExtra:
    'El trabajo más allá de la visita (piezas, mano de obra a la tarifa por hora del proveedor) se acuerda con el proveedor en el lugar.',
  pricesCancel:
    'Puede cancelar una reserva mientras esté pendiente o confirmada. Una vez que el trabajo empezó, solo se puede terminar.',
  providersTitle: 'Proveedores',
  providersAccurate:
    'Mantenga al día los datos de su negocio, sus precios y su disponibilidad, y vigentes su licencia y su seguro.',
  providersPlans:
    'Los planes se cobran cada mes con tarjeta y se renuevan hasta que se cancelen; enviamos recordatorios 7, 3 y 1 días antes de la renovación.',
  fairUseTitle: 'Uso justo',
  fairUse:
    'Nada de reseñas falsas, reservas que no piensa cumplir ni intentos de llegar a los datos de otras personas. Podemos suspender las cuentas que no respeten estas reglas.',
  emergencyTitle: 'En una emergencia',
  emergency:
    'Si alguien está herido o en peligro, llame primero al 911. Truck Finder no es un servicio de emergencias.',
} satisfies Record<keyof typeof en, string>;
