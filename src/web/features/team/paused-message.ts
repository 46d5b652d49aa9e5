/** What a member of a business whose plan no longer includes team accounts sees instead of its screens. */
export const pausedMessage = (businessName: string) =>
  `${businessName}'s plan no longer includes team accounts. Ask the owner to upgrade.`;
