/**
 * What a spreadsheet would run as a formula when a cell starts with it (`=`, `+`, `-`, `@`, and the tab and
 * carriage return that some read past). Every CSV the console writes, and every script it exports, neutralises such
 * a cell with a leading `'`; the exported scripts carry this expression's source as their own.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
