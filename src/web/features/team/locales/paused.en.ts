export default {
  paused: "{business}'s plan no longer includes team accounts. Ask the owner to upgrade.",
};
