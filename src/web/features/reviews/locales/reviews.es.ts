import type en from './reviews.en.ts';

export default {
  newProvider: 'Nuevo',
  reviewCount: '({count, plural, one {# reseña} other {# reseñas}})',
  stars: '{rating} de {max} estrellas',
  noReviews: 'Todavía no hay reseñas.',
  title: 'Calificar servicio',
  howDid: '¿Qué tal lo hizo {name}?',
  comment: 'Comentario (opcional)',
  commentPlaceholder: '¿Qué salió bien? ¿Qué se puede mejorar?',
  submitting: 'Enviando...',
  submit: 'Enviar reseña',
  thanks: '¡Gracias por su reseña!',
  rating: 'Calificación',
  starChoice: '{count, plural, one {# estrella} other {# estrellas}}',
} satisfies Record<keyof typeof en, string>;
