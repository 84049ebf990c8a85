/** How the app names a person (the feed, the waiting room): first and last name, else 'Family member'. */
export const memberName = (member: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  member ? [member.firstName, member.lastName].filter(Boolean).join(" ") || "Family member" : "Family member";
