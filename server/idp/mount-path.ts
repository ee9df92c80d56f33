/** Where the embedded identity provider answers; its own file so that the host can know it without loading it. */
export const IDP_MOUNT = '/idp';
