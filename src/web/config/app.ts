/** The product name, as shown in the header, footer and document titles. */
export const APP_NAME = "Play, Learn, Earn";
