import { STEP_UP_REQUIRED } from '../auth/step-up.ts';
import { messageTranslator, type MessageTable } from './messages.ts';

/**
 * Messages the web app compares by their English text, so they stay English in every language:
 * the step-up prompt (the API client answers it by asking for a proof), an existing user.
 */
export const untranslatedMessages: ReadonlySet<string> = new Set([
  STEP_UP_REQUIRED,
  'User already exists',
]);

/** The field names that go into the shared length messages ('Notes must be at most 500 characters'). */
const fieldLabels: Record<string, string> = {
  'AAA ID': 'ID de AAA',
  'AAA member ID': 'Número de socio AAA',
  'Business name': 'Nombre del negocio',
  Comment: 'Comentario',
  Company: 'Empresa',
  'Contact name': 'Nombre de contacto',
  Description: 'Descripción',
  Destination: 'Destino',
  Email: 'Correo electrónico',
  'Full name': 'Nombre completo',
  'Insurance policy': 'Póliza de seguro',
  'License number': 'Número de licencia',
  'License plate': 'Placa',
  'Load capacity': 'Capacidad de carga',
  Location: 'Ubicación',
  Message: 'Mensaje',
  Name: 'Nombre',
  Notes: 'Notas',
  'Owner name': 'Nombre del dueño',
  Password: 'Contraseña',
  'Phone number': 'Teléfono',
  Reason: 'Motivo',
  Search: 'Búsqueda',
  'Search text': 'Texto de búsqueda',
  Specialties: 'Especialidades',
  Subject: 'Asunto',
  'This field': 'Este campo',
  URL: 'URL',
  Username: 'Nombre de usuario',
  'Vehicle details': 'Datos del vehículo',
  Website: 'Sitio web',
};

/** Messages built around a field name: each label's own entries first, then any label as it is. */
const labelPatterns: Record<string, string> = {
  '{label} must be at most {max} characters': '{label}: máximo {max} caracteres',
  '{label} must be at least {min} characters': '{label}: mínimo {min} caracteres',
  '{label} is required': '{label}: obligatorio',
  'At most 30 {label}': 'Máximo 30 en {label}',
};

function withLabels(): MessageTable {
  const table: MessageTable = {};
  for (const [english, spanish] of Object.entries(labelPatterns)) {
    for (const [label, name] of Object.entries(fieldLabels))
      table[english.replace('{label}', label)] = spanish.replace('{label}', name);
  }
  return { ...table, ...labelPatterns };
}

/** The refusals of the per-user limits (auth/user-limits.ts), before "Please try again in …". */
const refusals: Record<string, string> = {
  'You have asked for too many confirmation emails': 'Pidió demasiados correos de confirmación',
  'You have asked for too many codes': 'Pidió demasiados códigos',
  'You have asked for too many password reset emails':
    'Pidió demasiados correos para cambiar la contraseña',
  'You have asked for too many email changes': 'Pidió demasiados cambios de correo',
};

function withRefusals(): MessageTable {
  const table: MessageTable = {};
  for (const [english, spanish] of Object.entries(refusals))
    table[`${english}. Please try again in {wait}.`] = `${spanish}. Intente de nuevo en {wait}.`;
  return table;
}

/** The file fields of the uploads (storage/image-upload.ts) and how the messages name them. */
const uploadFields: Record<string, string> = { avatar: 'la foto de perfil', photo: 'la foto' };

const uploadPatterns: Record<string, string> = {
  'Send the {field} as multipart/form-data': 'Envíe {field} como multipart/form-data',
  'The {field} must be a JPEG, PNG or WebP image': '{field} debe ser una imagen JPEG, PNG o WebP',
  'Unexpected form field "{name}": send only the {field}':
    'Campo inesperado "{name}": envíe solo {field}',
  'The {field} must be at most {size}': '{field}: máximo {size}',
};

function withUploadFields(): MessageTable {
  const table: MessageTable = {};
  for (const [english, spanish] of Object.entries(uploadPatterns)) {
    for (const [field, name] of Object.entries(uploadFields)) {
      const named = spanish.startsWith('{field}') ? name[0]!.toUpperCase() + name.slice(1) : name;
      table[english.replaceAll('{field}', field)] = spanish.replaceAll('{field}', named);
    }
  }
  return { ...table, ...uploadPatterns };
}

/** The plan features' names, as the plan-gate line gives them (core/billing/plan-features.ts). */
const featureNames: Record<string, string> = {
  'Priority booking queue': 'La fila de reservas con prioridad',
  'Emergency roadside assistance': 'La asistencia de emergencia en carretera',
  'Real-time tracking': 'El seguimiento en tiempo real',
  '24/7 priority support': 'El soporte prioritario 24/7',
  'Multiple user accounts': 'Las cuentas de varios usuarios',
  'Fleet management dashboard': 'El panel de gestión de flotilla',
  'Dedicated account manager': 'El gerente de cuenta dedicado',
  'Custom reporting': 'Los reportes a la medida',
  'API access': 'El acceso a la API',
  'Custom integrations': 'Las integraciones a la medida',
};

/** The plan-gate line of every feature and plan (featureGateMessage). */
function withPlanGates(): MessageTable {
  const table: MessageTable = {};
  for (const [english, spanish] of Object.entries(featureNames))
    for (const plan of ['Premium', 'Enterprise'])
      table[`${english} is part of the ${plan} plan. Upgrade in Profile → Billing.`] =
        `${spanish} es parte del plan ${plan}. Mejore su plan en Perfil → Facturación.`;
  return table;
}

/** English message → plain roadside Spanish (docs/glossary-es.md). */
export const spanishMessages: MessageTable = {
  Required: 'Obligatorio',
  ...withRefusals(),

  // The http layer
  'Too many requests with this API token. Please try again in {seconds} seconds.':
    'Demasiadas solicitudes con este token de API. Intente de nuevo en {seconds} segundos.',
  'Invalid, expired or revoked API token': 'Token de API no válido, vencido o revocado',
  'API tokens cannot call this route': 'Los tokens de API no pueden usar esta ruta',
  'This token lacks the scope {scope}': 'A este token le falta el permiso {scope}',
  'Please sign in to continue': 'Inicie sesión para continuar',
  'Set up two-step sign-in to use the admin console':
    'Active el inicio de sesión en dos pasos para usar la consola de administrador',
  'You are not allowed to do this': 'No tiene permiso para hacer esto',
  'You can only access your own account': 'Solo puede entrar a su propia cuenta',
  'Too Many Requests': 'Demasiadas solicitudes',
  'Too many requests, please try again later': 'Demasiadas solicitudes, intente de nuevo más tarde',
  'Internal Server Error': 'Error interno del servidor',
  'Internal server error': 'Error interno del servidor',
  'The request contains text or numbers that cannot be stored':
    'La solicitud tiene texto o números que no se pueden guardar',
  'Service unavailable': 'Servicio no disponible',
  'Database unavailable': 'Base de datos no disponible',
  'Server restarting': 'El servidor se está reiniciando',
  'Not found: {method} {path}': 'No encontrado: {method} {path}',
  'Not found': 'No encontrado',
  'Cross-site requests are not allowed': 'No se permiten solicitudes de otros sitios',
  'Requests from other sites are not allowed': 'No se permiten solicitudes de otros sitios',
  'Send the request body as application/json (multipart/form-data for uploads)':
    'Envíe el cuerpo de la solicitud como application/json (multipart/form-data para archivos)',
  'Send the request body as application/json':
    'Envíe el cuerpo de la solicitud como application/json',
  'The request body is not valid JSON': 'El cuerpo de la solicitud no es JSON válido',
  'The request body is too large': 'El cuerpo de la solicitud es demasiado grande',
  'The address is too long': 'La dirección es demasiado larga',
  'The address is not valid': 'La dirección no es válida',
  'Invalid value': 'Valor no válido',
  'Invalid request': 'Solicitud no válida',
  'Bad request': 'Solicitud incorrecta',
  'Invalid input': 'Dato no válido',

  // Admin, users, accounts
  'You cannot suspend your own account': 'No puede suspender su propia cuenta',
  'No user found': 'No se encontró el usuario',
  'User not found': 'No se encontró el usuario',
  'This account is already suspended': 'Esta cuenta ya está suspendida',
  'This account is not suspended': 'Esta cuenta no está suspendida',
  'User already exists with this email or username':
    'Ya existe un usuario con este correo o nombre de usuario',
  'User already exists with this email': 'Ya existe un usuario con este correo',
  'You have no business yet': 'Todavía no tiene un negocio',
  'Finish or cancel your open bookings first: drivers and providers are counting on them':
    'Primero termine o cancele sus reservas abiertas: conductores y proveedores cuentan con ellas',
  'Nothing to update': 'No hay nada que cambiar',
  'You cannot change your own role': 'No puede cambiar su propio rol',
  'To change your email, use Change email in Settings: it asks for your current password':
    'Para cambiar su correo, use Cambiar correo en Configuración: le pide su contraseña actual',
  'Enter your password to confirm': 'Escriba su contraseña para confirmar',

  // API tokens, webhooks
  'Only the business owner manages API tokens':
    'Solo el dueño del negocio administra los tokens de API',
  'The expiry date must be in the future': 'La fecha de vencimiento debe ser futura',
  'A business can hold at most {max} API tokens. Revoke one you no longer use first.':
    'Un negocio puede tener como máximo {max} tokens de API. Primero revoque uno que ya no use.',
  'Webhook endpoint not found': 'No se encontró el webhook',
  'Only the business owner manages webhooks': 'Solo el dueño del negocio administra los webhooks',
  'This endpoint is turned off: turn it on first': 'Este webhook está apagado: primero enciéndalo',
  'A business has at most {max} webhook endpoints: remove one first':
    'Un negocio tiene como máximo {max} webhooks: primero quite uno',
  'Delivery not found': 'No se encontró el envío',
  'Each scope only once': 'Cada permiso solo una vez',
  'Choose at least one scope': 'Elija al menos un permiso',
  'Each event only once': 'Cada evento solo una vez',
  'Choose at least one event': 'Elija al menos un evento',
  'URL must be at most 2000 characters': 'URL: máximo 2000 caracteres',
  'Enter a valid URL': 'Escriba una URL válida',
  'Say what to change: enabled or events': 'Diga qué cambiar: enabled o events',

  // Sign-in, passwords, email and phone
  'Your password is not correct': 'Su contraseña no es correcta',
  'This is already your email': 'Este ya es su correo',
  'Too many email change requests. Please try again in an hour.':
    'Demasiadas solicitudes de cambio de correo. Intente de nuevo en una hora.',
  'This is already their email': 'Este ya es su correo',
  'This confirmation link is invalid or has expired. Ask for a new one from your profile.':
    'Este enlace de confirmación no es válido o ya venció. Pida uno nuevo desde su perfil.',
  'Invalid email or password': 'Correo o contraseña incorrectos',
  'This account is suspended{reason}. Contact support@truckfinder.test to have it reactivated.':
    'Esta cuenta está suspendida{reason}. Escriba a support@truckfinder.test para reactivarla.',
  'That code is not right. Check your authenticator app and try again.':
    'Ese código no es correcto. Revise su app de autenticación e intente de nuevo.',
  'Your sign-in timed out. Sign in again.': 'Su inicio de sesión venció. Inicie sesión de nuevo.',
  'Too many wrong codes. Sign in again.': 'Demasiados códigos incorrectos. Inicie sesión de nuevo.',
  'Too many failed sign-in attempts. Try again in {wait}, sign in with your two-step code, or reset your password from the link we can email you ("Forgot your password?").':
    'Demasiados intentos fallidos de inicio de sesión. Intente de nuevo en {wait}, inicie sesión con su código de dos pasos o cambie su contraseña con el enlace que le podemos enviar por correo ("¿Olvidó su contraseña?").',
  'This reset link is invalid or has expired. Request a new one.':
    'Este enlace para cambiar la contraseña no es válido o ya venció. Pida uno nuevo.',
  'Addresses at {domain} are kept for the demo accounts. Use your own email.':
    'Las direcciones de {domain} son para las cuentas de demostración. Use su propio correo.',
  'Too many requests from this address. Please try again in {wait}.':
    'Demasiadas solicitudes desde esta dirección. Intente de nuevo en {wait}.',
  'Two-step sign-in cannot be checked on this server right now. Try again later or use a recovery code.':
    'Ahora no se puede revisar el inicio de sesión en dos pasos en este servidor. Intente más tarde o use un código de recuperación.',
  'Two-step sign-in is already on. Turn it off first to set it up again.':
    'El inicio de sesión en dos pasos ya está activo. Apáguelo primero para configurarlo de nuevo.',
  'Start the setup again: no two-step sign-in is waiting for a code.':
    'Empiece la configuración de nuevo: ningún inicio de sesión en dos pasos espera un código.',
  'Your email address is already confirmed': 'Su correo ya está confirmado',
  'This confirmation link is invalid, used or expired. Ask for a new one with "Send again".':
    'Este enlace de confirmación no es válido, ya se usó o venció. Pida uno nuevo con "Enviar de nuevo".',
  'This link was sent to an address the account no longer uses. Ask for a new one with "Send again".':
    'Este enlace se envió a un correo que la cuenta ya no usa. Pida uno nuevo con "Enviar de nuevo".',
  'Your phone number is already confirmed': 'Su teléfono ya está confirmado',
  'Add a phone number to your profile first': 'Primero agregue un teléfono a su perfil',
  'This phone answered STOP to our texts. Text START to our number, then ask for a code again.':
    'Este teléfono respondió STOP a nuestros mensajes. Envíe START a nuestro número y vuelva a pedir un código.',
  'We could not send the code just now. Try again in a minute.':
    'No pudimos enviar el código ahora. Intente de nuevo en un minuto.',
  'We cannot text this number. Check the phone number in your profile.':
    'No podemos enviar mensajes a este número. Revise el teléfono en su perfil.',
  'Password must be at most 256 characters': 'Contraseña: máximo 256 caracteres',
  'Enter your current password': 'Escriba su contraseña actual',
  'Choose a password different from the current one': 'Elija una contraseña distinta de la actual',
  'Email is required': 'Falta el correo electrónico',
  'Password is required': 'Falta la contraseña',
  'That code is too long': 'Ese código es demasiado largo',
  'Enter the code': 'Escriba el código',
  'Enter your password': 'Escriba su contraseña',
  'Enter your password or a code': 'Escriba su contraseña o un código',
  'Enter the 6-digit code from the text message':
    'Escriba el código de 6 dígitos del mensaje de texto',
  'Please enter a valid email address': 'Escriba un correo electrónico válido',
  'Please enter a valid email': 'Escriba un correo válido',
  'Phone number must be at least 10 digits': 'El teléfono debe tener al menos 10 dígitos',
  'Password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
  'Name must be at least 2 characters': 'El nombre debe tener al menos 2 caracteres',
  'Full name must be at least 2 characters': 'El nombre completo debe tener al menos 2 caracteres',
  "Passwords don't match": 'Las contraseñas no coinciden',
  'Names cannot contain < or >': 'Los nombres no pueden llevar < ni >',
  'Email must be at most 254 characters': 'Correo electrónico: máximo 254 caracteres',
  'Phone number must be at most 32 characters': 'Teléfono: máximo 32 caracteres',
  'Name must be at most 100 characters': 'Nombre: máximo 100 caracteres',
  'Name must be at most {max} characters': 'Nombre: máximo {max} caracteres',
  'Name is required': 'Falta el nombre',
  'Username may use letters, numbers, dots, dashes and underscores':
    'El nombre de usuario puede llevar letras, números, puntos, guiones y guiones bajos',
  'Role must be driver or mechanic': 'El rol debe ser driver o mechanic',
  'Role must be driver, mechanic or admin': 'El rol debe ser driver, mechanic o admin',
  'Role must be driver, mechanic, admin, dispatcher or technician':
    'El rol debe ser driver, mechanic, admin, dispatcher o technician',
  'Role must be dispatcher or technician': 'El rol debe ser dispatcher o technician',
  'Language must be en or es': 'El idioma debe ser en o es',
  'Theme must be system, light or dark': 'El tema debe ser system, light o dark',
  'Please select your vehicle type': 'Elija su tipo de vehículo',
  'Commercial license number is required': 'Falta el número de licencia comercial (CDL)',
  'Please fill in all required vehicle fields': 'Llene todos los datos obligatorios del vehículo',
  'License plate may hold only letters, digits, spaces and dashes':
    'La placa solo puede llevar letras, números, espacios y guiones',
  'License plate must be at most 15 characters': 'Placa: máximo 15 caracteres',
  'At most 50 vehicles': 'Máximo 50 vehículos',
  'Location must be at most 120 characters': 'Ubicación: máximo 120 caracteres',
  'AAA member ID must be at most 40 characters': 'Número de socio AAA: máximo 40 caracteres',

  // Billing
  'The lost dispute could not be settled yet; send it again':
    'La disputa perdida todavía no se pudo cerrar; envíela de nuevo',
  'Accept the services agreement to continue': 'Acepte el acuerdo de servicios para continuar',
  'Choose a test document: verified or unreadable':
    'Elija un documento de prueba: verified o unreadable',
  'Enter a number of days': 'Escriba un número de días',
  'Payments are not set up on this server': 'Los pagos no están configurados en este servidor',
  'Choose won or lost': 'Elija won o lost',
  'Add a card first (Profile → Payment Methods)':
    'Primero agregue una tarjeta (Perfil → Métodos de pago)',
  'A payment for this job is already under way': 'Ya hay un pago en curso para este trabajo',
  'A cash payment for this job is waiting for the provider to confirm it':
    'Un pago en efectivo de este trabajo espera la confirmación del proveedor',
  'The cash payment for this job is being reviewed':
    'El pago en efectivo de este trabajo está en revisión',
  'This job is already paid': 'Este trabajo ya está pagado',
  'Booking not found': 'No se encontró la reserva',
  'Only a completed job can be paid': 'Solo se puede pagar un trabajo terminado',
  'The amount owed for this job is {amount}': 'El monto que se debe por este trabajo es {amount}',
  'ACH bank payments are not available: pay by card or record cash':
    'Los pagos bancarios ACH no están disponibles: pague con tarjeta o registre efectivo',
  'Amounts under $0.50 cannot be paid by card':
    'Los montos de menos de $0.50 no se pueden pagar con tarjeta',
  'Payment not found': 'No se encontró el pago',
  'This cash payment is not waiting for confirmation':
    'Este pago en efectivo no espera confirmación',
  'Subscription not found': 'No se encontró la suscripción',
  'Plans are paid by card': 'Los planes se pagan con tarjeta',
  'Nothing is owed on this plan': 'No se debe nada en este plan',
  'No receipt yet: the provider has not confirmed this cash payment':
    'Todavía no hay recibo: el proveedor no ha confirmado este pago en efectivo',
  'No receipt yet: this payment is still being processed':
    'Todavía no hay recibo: este pago se sigue procesando',
  'This payment is not in dispute': 'Este pago no está en disputa',
  'You can only pay for yourself': 'Solo puede pagar por usted mismo',
  'Card not found': 'No se encontró la tarjeta',
  'Set up your business profile first': 'Primero configure el perfil de su negocio',
  'Set up payouts first': 'Primero configure los depósitos',
  'No open difference with this id': 'No hay una diferencia abierta con este id',
  'A payment can be refunded by its provider for {days} days; ask our team':
    'El proveedor puede reembolsar un pago durante {days} días; pregunte a nuestro equipo',
  'Only a completed card payment of a job can be refunded':
    'Solo se puede reembolsar un pago con tarjeta terminado de un trabajo',
  'This payment is disputed with the bank, so it cannot be refunded':
    'Este pago está en disputa con el banco, así que no se puede reembolsar',
  'This payment is fully refunded': 'Este pago ya se reembolsó completo',
  'The payment service did not answer. The refund will be tried again shortly.':
    'El servicio de pagos no respondió. El reembolso se intentará de nuevo en breve.',
  'The card network refused the refund; nothing was refunded':
    'La red de tarjetas rechazó el reembolso; no se reembolsó nada',
  'Reminder not found': 'No se encontró el recordatorio',
  'You can only create your own reminders': 'Solo puede crear sus propios recordatorios',
  'You already have a plan: change it under Billing → Subscription':
    'Ya tiene un plan: cámbielo en Facturación → Suscripción',
  'A subscription is being set up; try again in a moment':
    'Se está configurando una suscripción; intente de nuevo en un momento',
  'Only an active plan can be changed': 'Solo se puede cambiar un plan activo',
  'A {status} subscription cannot be cancelled': 'Una suscripción {status} no se puede cancelar',
  'Only a cancelled plan that has not ended yet can be resumed':
    'Solo se puede reanudar un plan cancelado que todavía no ha terminado',
  'You can only subscribe for yourself': 'Solo puede suscribirse usted mismo',
  'Webhook verification failed: missing Stripe-Signature header':
    'Falló la verificación del webhook: falta el encabezado Stripe-Signature',
  'Webhook verification failed: Could not validate webhook signature':
    'Falló la verificación del webhook: no se pudo validar la firma',
  'Unrecognised webhook event': 'Evento de webhook desconocido',
  'Unreadable {type} event': 'Evento {type} ilegible',
  'Enter an amount like 95 or 95.50': 'Escriba un monto como 95 o 95.50',
  'Enter an amount above $0': 'Escriba un monto mayor que $0',
  'Keep the reason under 500 characters': 'El motivo debe tener menos de 500 caracteres',
  'Say why the payment is refunded (at least 3 characters)':
    'Diga por qué se reembolsa el pago (al menos 3 caracteres)',
  'Plan must be basic, premium or enterprise': 'El plan debe ser basic, premium o enterprise',
  'Each day only once': 'Cada día solo una vez',
  'At most 5 reminders per renewal': 'Máximo 5 recordatorios por renovación',
  'Choose at least one day': 'Elija al menos un día',
  'Days before must be 1 to 30': 'Los días antes deben ser de 1 a 30',
  'Send a planType or a status': 'Envíe un planType o un status',
  'Status must be cancelled or active': 'El estado debe ser cancelled o active',
  'Expected a subscription id': 'Se esperaba un id de suscripción',
  'Pay either a bookingId or a subscriptionId': 'Pague un bookingId o un subscriptionId',
  'Payment method must be card, ach or cash': 'El método de pago debe ser card, ach o cash',
  'Expected a saved card id': 'Se esperaba el id de una tarjeta guardada',
  'At most 500 characters': 'Máximo 500 caracteres',
  'Say what was wrong with the cash payment (at least 3 characters)':
    'Diga qué estuvo mal con el pago en efectivo (al menos 3 caracteres)',
  'Say what was wrong with the cash payment': 'Diga qué estuvo mal con el pago en efectivo',
  'Outcome must be paid or not_paid': 'El resultado debe ser paid o not_paid',
  'Give the reason for the decision (at least 3 characters)':
    'Dé el motivo de la decisión (al menos 3 caracteres)',
  'Give the reason for the decision': 'Dé el motivo de la decisión',
  'Due date must be an ISO date-time': 'La fecha de pago debe ser una fecha y hora ISO',
  'Reminder date must be an ISO date-time':
    'La fecha del recordatorio debe ser una fecha y hora ISO',
  'Enter the card number': 'Escriba el número de la tarjeta',
  'Expiry month must be 1 to 12': 'El mes de vencimiento debe ser de 1 a 12',
  'CVC must be 3 or 4 digits': 'El CVC debe tener 3 o 4 dígitos',

  // Bookings, share links, positions
  'You can only book for yourself': 'Solo puede reservar para usted mismo',
  'This Idempotency-Key was already used for a different request':
    'Esta Idempotency-Key ya se usó en otra solicitud',
  'The first request with this Idempotency-Key is still running':
    'La primera solicitud con esta Idempotency-Key sigue en curso',
  'A {status} booking cannot be changed to {next}':
    'Una reserva {status} no se puede cambiar a {next}',
  'An actual cost is recorded only on completion': 'El costo real solo se registra al terminar',
  'This booking was changed by someone else; reload and try again':
    'Otra persona cambió esta reserva; recargue e intente de nuevo',
  "Only the booking's provider shares a position":
    'Solo el proveedor de la reserva comparte su ubicación',
  'Location Services are off: turn them on in Profile → Settings to share your position':
    'Los servicios de ubicación están apagados: enciéndalos en Perfil → Configuración para compartir su ubicación',
  'A position is shared only while the job is in progress':
    'La ubicación solo se comparte mientras el trabajo está en curso',
  'Only the owner or a dispatcher assigns jobs': 'Solo el dueño o un despachador asigna trabajos',
  'A {status} job cannot be assigned': 'Un trabajo {status} no se puede asignar',
  'Choose a technician of your team': 'Elija un técnico de su equipo',
  "Only the job's driver or provider can share it":
    'Solo el conductor o el proveedor del trabajo puede compartirlo',
  'A job can be shared once it is confirmed, until it ends':
    'Un trabajo se puede compartir desde que se confirma hasta que termina',
  'Share link not found': 'No se encontró el enlace',
  'This tracking link has ended or does not exist':
    'Este enlace de seguimiento ya terminó o no existe',
  'Please choose a service type': 'Elija un tipo de servicio',
  'Description must be at most 2000 characters': 'Descripción: máximo 2000 caracteres',
  'Vehicle details must be at most 500 characters': 'Datos del vehículo: máximo 500 caracteres',
  'Location must be at most 300 characters': 'Ubicación: máximo 300 caracteres',
  'Tell us where the truck is': 'Díganos dónde está el camión',
  'Preferred date cannot be earlier than today': 'La fecha preferida no puede ser anterior a hoy',
  'Preferred date must be a date like 2026-11-23':
    'La fecha preferida debe ser una fecha como 2026-11-23',
  'Choose a provider': 'Elija un proveedor',
  'Preferred time must be morning, afternoon, evening or asap':
    'La hora preferida debe ser morning, afternoon, evening o asap',
  'Where is the truck: travel_lane, shoulder or parking':
    'Dónde está el camión: travel_lane, shoulder o parking',
  'Expected a valid id': 'Se esperaba un id válido',
  'Expected a booking id': 'Se esperaba un id de reserva',
  'Booking is not valid': 'La reserva no es válida',

  // Live updates, deliveries, notifications
  'Too many open live-update connections. Close some tabs and try again.':
    'Demasiadas conexiones abiertas de actualización en vivo. Cierre algunas pestañas e intente de nuevo.',
  'Channel must be push, email or sms': 'El canal debe ser push, email o sms',
  'Status must be queued, sent, failed or dropped':
    'El estado debe ser queued, sent, failed o dropped',
  'Unknown time zone: use an IANA name such as America/Chicago':
    'Zona horaria desconocida: use un nombre IANA como America/Chicago',
  'Use a time like 22:00': 'Use una hora como 22:00',
  'Quiet hours must start and end at different times':
    'Las horas de silencio deben empezar y terminar a horas distintas',
  'Time zone must be one like America/Chicago': 'La zona horaria debe ser como America/Chicago',

  // Fleet, reports, team
  'Only the owner and dispatchers see the fleet':
    'Solo el dueño y los despachadores ven la flotilla',
  'Only the owner and dispatchers see reports':
    'Solo el dueño y los despachadores ven los reportes',
  "Only the business's owner sees its statements":
    'Solo el dueño del negocio ve sus estados de cuenta',
  'A report covers at most {days} days: shorten the range':
    'Un reporte cubre como máximo {days} días: acorte el periodo',
  'Grouped by day a report covers at most {days} days: group by week or month':
    'Agrupado por día, un reporte cubre como máximo {days} días: agrupe por semana o por mes',
  'Expected a month as YYYY-MM': 'Se esperaba un mes como AAAA-MM',
  'Expected a date as YYYY-MM-DD': 'Se esperaba una fecha como AAAA-MM-DD',
  'Only the owner and dispatchers see the team': 'Solo el dueño y los despachadores ven el equipo',
  'This email already has a Truck Finder account':
    'Este correo ya tiene una cuenta de Truck Finder',
  'This email already has a pending invitation': 'Este correo ya tiene una invitación pendiente',
  'A business can have at most {max} pending invitations':
    'Un negocio puede tener como máximo {max} invitaciones pendientes',
  'Invitation not found': 'No se encontró la invitación',
  'This invitation link is not valid or has expired':
    'Este enlace de invitación no es válido o ya venció',
  'This invitation link is not valid': 'Este enlace de invitación no es válido',
  'Team member not found': 'No se encontró al miembro del equipo',
  'Expected a valid technician id': 'Se esperaba un id de técnico válido',

  // Help requests
  'Help request not found': 'No se encontró la solicitud de ayuda',
  'No available provider within {miles} miles offers {service} right now':
    'Ahora ningún proveedor disponible a {miles} millas ofrece {service}',
  'Another provider already took this request': 'Otro proveedor ya tomó esta solicitud',
  'This request is no longer open': 'Esta solicitud ya no está abierta',
  'Choose a service providers offer': 'Elija un servicio que ofrecen los proveedores',
  'Share your location to ask nearby providers':
    'Comparta su ubicación para preguntar a los proveedores cercanos',
  'Choose each provider once': 'Elija cada proveedor una sola vez',
  'Choose at most {max} providers': 'Elija como máximo {max} proveedores',
  'Choose at least one provider': 'Elija al menos un proveedor',
  'Expected a valid provider id': 'Se esperaba un id de proveedor válido',

  // Text messages
  'This installation has no SMS provider': 'Esta instalación no tiene proveedor de SMS',
  'The request is not signed by Twilio': 'La solicitud no está firmada por Twilio',

  // Providers and search
  'Destination not found: enter a ZIP code or a city and state, like San Antonio, TX':
    'No se encontró el destino: escriba un código postal o una ciudad y estado, como San Antonio, TX',
  'The route is longer than {miles} miles: choose a nearer destination':
    'La ruta tiene más de {miles} millas: elija un destino más cercano',
  'We could not find this ZIP code; check it or drop a pin on the map':
    'No encontramos este código postal; revíselo o marque un punto en el mapa',
  'No service provider found': 'No se encontró el proveedor',
  'You can only change your own business': 'Solo puede cambiar su propio negocio',
  'You can only create a business for your own account':
    'Solo puede crear un negocio para su propia cuenta',
  'You already have a business profile': 'Ya tiene un perfil de negocio',
  'Status must be available, busy, enroute or offline':
    'El estado debe ser available, busy, enroute u offline',
  'Status must be available, busy, enroute, offline or all':
    'El estado debe ser available, busy, enroute, offline o all',
  'Give the applicant a reason for the rejection': 'Dé al solicitante el motivo del rechazo',
  'Send a status or a verification decision': 'Envíe un estado o una decisión de verificación',
  'Verification must be approved or rejected': 'La verificación debe ser approved o rejected',
  'Destination contains characters that are not allowed':
    'El destino tiene caracteres que no se permiten',
  'Destination must be at most 200 characters': 'Destino: máximo 200 caracteres',
  'Destination must not be empty': 'El destino no puede estar vacío',
  'Limit must be at most {max}': 'El límite debe ser como máximo {max}',
  'Limit must be at least 1': 'El límite debe ser al menos 1',
  'Limit must be a whole number': 'El límite debe ser un número entero',
  'Limit must be a number': 'El límite debe ser un número',
  'Send destLat and destLng together': 'Envíe destLat y destLng juntos',
  'Send a destination (destLat and destLng, or destination) or a headingDegrees':
    'Envíe un destino (destLat y destLng, o destination) o un headingDegrees',
  'Send one destination or a heading, not both': 'Envíe un destino o un rumbo, no los dos',
  'Miles ahead goes with a heading': 'Las millas adelante van con un rumbo',
  'Minimum fee must not be above maximum fee': 'La tarifa mínima no puede ser mayor que la máxima',
  'Website must be at most 500 characters': 'Sitio web: máximo 500 caracteres',
  'Website must be a full address like https://example.com':
    'El sitio web debe ser una dirección completa como https://example.com',
  'City is required': 'Falta la ciudad',
  'State is required': 'Falta el estado',
  'ZIP code is required': 'Falta el código postal',
  'Send latitude and longitude together': 'Envíe latitud y longitud juntas',
  'Expected a user id': 'Se esperaba un id de usuario',
  'Expected true or false': 'Se esperaba true o false',
  'Search text contains characters that are not allowed':
    'El texto de búsqueda tiene caracteres que no se permiten',
  'Search text must be at most 100 characters': 'Texto de búsqueda: máximo 100 caracteres',
  'Service type must be mobile_mechanic, tire_shop, towing or all':
    'El tipo de servicio debe ser mobile_mechanic, tire_shop, towing o all',
  'Cursor is not valid: start again from the first page':
    'El cursor no es válido: empiece de nuevo desde la primera página',
  'Fields must be card or full': 'Fields debe ser card o full',

  // Admin lists
  'Page must be 1 or more': 'La página debe ser 1 o más',
  'At most 100 rows a page': 'Máximo 100 filas por página',
  'Search must be at most 100 characters': 'Búsqueda: máximo 100 caracteres',
  'Invalid date': 'Fecha no válida',
  'Dates must look like 2026-11-23': 'Las fechas deben ser como 2026-11-23',
  'Give a reason (at least 3 characters)': 'Dé un motivo (al menos 3 caracteres)',
  'Status must be one of {statuses}': 'El estado debe ser uno de {statuses}',
  'From must not be after to': 'Desde no puede ser después de hasta',
  'Admin is not valid': 'El administrador no es válido',

  // Reviews and support
  'Only the driver of this booking can rate it':
    'Solo el conductor de esta reserva puede calificarla',
  'Only a completed job can be rated': 'Solo se puede calificar un trabajo terminado',
  'This job has already been rated': 'Este trabajo ya fue calificado',
  "The booking is not one of your business's bookings": 'La reserva no es de su negocio',
  'Rating must be a whole number of stars':
    'La calificación debe ser un número entero de estrellas',
  'Comment must be at most {max} characters': 'Comentario: máximo {max} caracteres',
  'No support request found': 'No se encontró la solicitud de soporte',
  'The account manager must be an active admin':
    'El encargado de la cuenta debe ser un administrador activo',
  'Subject must be at most 120 characters': 'Asunto: máximo 120 caracteres',
  'Subject must be at least 3 characters': 'El asunto debe tener al menos 3 caracteres',
  'Message must be at most 4000 characters': 'Mensaje: máximo 4000 caracteres',
  'Message must be at least 10 characters': 'El mensaje debe tener al menos 10 caracteres',
  'Subject is required': 'Falta el asunto',
  'Message is required': 'Falta el mensaje',
  'Status must be open, answered or all': 'El estado debe ser open, answered o all',

  'The upload is not a valid multipart/form-data body':
    'El archivo no es un cuerpo multipart/form-data válido',
  'This upload would exceed the storage quota of {quota} for the account':
    'Este archivo pasaría el límite de almacenamiento de {quota} de la cuenta',
  ...withUploadFields(),

  'From must not be after To': 'La fecha Desde no puede ser posterior a Hasta',
  'Message cannot contain < or >': 'El mensaje no puede contener < ni >',
  'Origin latitude must be a number': 'La latitud de origen debe ser un número',
  'Origin longitude must be a number': 'La longitud de origen debe ser un número',
  'Destination latitude must be a number': 'La latitud de destino debe ser un número',
  'Destination longitude must be a number': 'La longitud de destino debe ser un número',
  'Origin latitude must be at least {n}': 'La latitud de origen debe ser al menos {n}',
  'Origin latitude must be at most {n}': 'La latitud de origen debe ser como máximo {n}',
  'Origin longitude must be at least {n}': 'La longitud de origen debe ser al menos {n}',
  'Origin longitude must be at most {n}': 'La longitud de origen debe ser como máximo {n}',
  'Destination latitude must be at least {n}': 'La latitud de destino debe ser al menos {n}',
  'Destination latitude must be at most {n}': 'La latitud de destino debe ser como máximo {n}',
  'Destination longitude must be at least {n}': 'La longitud de destino debe ser al menos {n}',
  'Destination longitude must be at most {n}': 'La longitud de destino debe ser como máximo {n}',
  'Heading must be a number': 'El rumbo debe ser un número',
  'Heading must be at least {n}': 'El rumbo debe ser al menos {n}',
  'Heading must be at most {n}': 'El rumbo debe ser como máximo {n}',
  'Miles ahead must be a number': 'Las millas adelante deben ser un número',
  'Miles ahead must be at least {n}': 'Las millas adelante deben ser al menos {n}',
  'Miles ahead must be at most {n}': 'Las millas adelante deben ser como máximo {n}',
  'Corridor must be a number': 'La distancia de la ruta debe ser un número',
  'Corridor must be at least {n}': 'La distancia de la ruta debe ser al menos {n} mi',
  'Corridor must be at most {n}': 'La distancia de la ruta debe ser como máximo {n} mi',
  'The route is longer than {n} miles: choose a nearer destination':
    'La ruta tiene más de {n} millas: elija un destino más cercano',
  'No provider found': 'No se encontró el proveedor',
  'Enter an amount in dollars and cents': 'Escriba un monto en dólares y centavos',
  'Name must be at most 200 characters': 'El nombre debe tener como máximo 200 caracteres',
  'Your card number is incorrect.': 'El número de su tarjeta no es correcto.',
  'Enter the expiry date': 'Escriba la fecha de vencimiento',
  'Enter the expiry as MM/YY': 'Escriba el vencimiento como MM/AA',
  'Enter the security code': 'Escriba el código de seguridad',
  'Your card has expired.': 'Su tarjeta está vencida.',
  'Enter the 3-digit security code': 'Escriba el código de seguridad de 3 dígitos',
  'Enter the 4-digit security code': 'Escriba el código de seguridad de 4 dígitos',
  'Enter your first name': 'Escriba su nombre',
  'Enter your last name': 'Escriba su apellido',
  'Enter your date of birth': 'Escriba su fecha de nacimiento',
  'The ID number has 9 digits': 'El número de identificación tiene 9 dígitos',
  'The routing number has 9 digits': 'El número de ruta tiene 9 dígitos',
  'Enter the account number (4 to 17 digits)': 'Escriba el número de cuenta (de 4 a 17 dígitos)',
  'Accept the terms to continue': 'Acepte los términos para continuar',
  'At most {amount} is left to refund': 'Quedan como máximo {amount} por reembolsar',
  ...withPlanGates(),
  ...withLabels(),
};

/** The waits and sizes that go into messages in English ("3 minutes", "1 hour"). */
const units: [RegExp, string][] = [
  [/\b(\d+) seconds?\b/g, '$1 segundos'],
  [/\b1 minute\b/g, '1 minuto'],
  [/\b(\d+) minutes\b/g, '$1 minutos'],
  [/\b1 hour\b/g, '1 hora'],
  [/\b(\d+) hours\b/g, '$1 horas'],
  [/\b(\d+) megapixels\b/g, '$1 megapíxeles'],
];

const byTable = messageTranslator(spanishMessages);

/** An English message in Spanish; a message with no entry stays as it is. */
export function translate(english: string): string {
  const spanish = byTable(english);
  if (spanish === english) return english;
  let text = spanish;
  for (const [pattern, replacement] of units) text = text.replace(pattern, replacement);
  return text;
}
