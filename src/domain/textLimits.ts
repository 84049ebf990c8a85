/** Lengths of the free text fields several areas share (core spec 5); over-long text is cut with '...'. */
export const TITLE_MAX_LENGTH = 200;

export const LOCATION_MAX_LENGTH = 300;

export const NOTES_MAX_LENGTH = 2000;

export const QUESTIONS_MAX_LENGTH = 1000;

export const COMMENT_MAX_LENGTH = 1000;

/** Ours: first and last names (the spec sets no limit). */
export const NAME_MAX_LENGTH = 100;

