/** Every object of a pregnancy lives under its own prefix, so a key can never cross pregnancies. */
export const pregnancyPrefix = (pregnancyId: string) => `pregnancies/${pregnancyId}/`;

export const photoKey = (pregnancyId: string, fileName: string) => `${pregnancyPrefix(pregnancyId)}photos/${fileName}`;
