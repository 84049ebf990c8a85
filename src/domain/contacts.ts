/**
 * The family's contact list as a viewer may read it (reading in README "Spec readings"). Parents see
 * everyone with everything. A guest with canViewContacts sees the people who joined, with their
 * names, titles, relationship, email, picture and answers to the events she may see; not the open
 * invitations (addresses the parents typed for people who have not said yes) nor the circle
 * (privacy level) each guest was given, which is the parents' choice to keep.
 */
interface ContactRow {
  status: string;
  privacyLevel: string | null;
}

export function contactsForViewer<T extends ContactRow>(contacts: readonly T[], isParent: boolean): T[] {
  if (isParent) return [...contacts];
  return contacts.filter((contact) => contact.status === "active").map((contact) => ({ ...contact, privacyLevel: null }));
}
