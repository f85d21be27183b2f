/** This package's version, sent in the User-Agent. A test keeps it equal to package.json's `version`. */
export const VERSION = '3.0.0';
