import type en from './components.en.ts';

export default {
  serviceType: 'Tipo de servicio',
  city: 'Ciudad',
  state: 'Estado',
  zipCode: 'Código postal',
  visitFee: 'Tarifa de visita ($)',
  hourlyRate: 'Tarifa por hora ($)',
  licenseNumber: 'Número de licencia del negocio',
  insurancePolicy: 'Número de póliza de seguro',
  reason: 'Motivo',
  somethingWrong: 'Algo falló. Intente de nuevo.',
  vehicleDetails: 'Datos del vehículo',
  vehicleDetailsPlaceholder: 'Año, marca, modelo y falla (p. ej. 2019 Peterbilt 579, fuga de aire)',
  close: 'Cerrar',
  cancel: 'Cancelar',
  hidePassword: 'Ocultar contraseña',
  showPassword: 'Mostrar contraseña',
  notification: 'Notificación',
  notifications: 'Notificaciones ({hotkey})',
  reasonOptional: '{reason} (opcional)',
  passwordStrength: 'Seguridad de la contraseña: {score}.',
  whereIsTruck: '¿Dónde está el camión?',
  safetyTitle: 'Manténgase seguro mientras llega la ayuda',
  safetyStep1: 'Prenda las intermitentes ahora.',
  safetyStep2:
    'Si es seguro, ponga los triángulos: a unos 10, 100 y 200 pies detrás del camión (en un camino de doble sentido, uno a 100 pies adelante).',
  safetyStep3:
    'Baje por el lado contrario al tráfico y espere detrás de la barrera de contención o lejos del camino si puede.',
  safetyStep4:
    'No se pare entre el camión y el tráfico, y no intente repararlo en un carril de circulación.',
  call911: 'Llame al 911',
  call911Hint:
    'Llame primero al 911 si hay heridos, si el camión bloquea un carril o si hay humo, fuego o una fuga.',
  towOffer: 'Pedir una grúa a un lugar seguro',
} satisfies Record<keyof typeof en, string>;
