// Limits of process definitions, shared by the designer and the server.

/** Longest XML accepted (characters); a large real process with its diagram is well under 200 000. */
export const WORKFLOW_XML_MAX_LENGTH = 1_000_000;
/** Most flow elements (nodes and flows) of one process, so the design rules stay fast. */
export const WORKFLOW_MAX_ELEMENTS = 2_000;
/** A definition's key is its BPMN process id, stable across versions (the table checks the same). */
export const WORKFLOW_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
export const WORKFLOW_NAME_MAX_LENGTH = 100;
/** Spec §5: a process import is a zip of at most 10 MB, packed and unpacked alike. */
export const WORKFLOW_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
