/**
 * The folder-level rule `npm run lint` enforces beside the module rules (.dependency-cruiser.cjs): no loop between
 * server folders. If one folder imports another, nothing in that one leads back to it — so a domain can be read,
 * changed and tested from its folder and the floors below it. Tests are left out: a test may arrange state through
 * any folder (tests/support builds whole apps).
 */
const base = require("./.dependency-cruiser.cjs");

module.exports = {
  forbidden: [
    {
      name: "no-folder-loops",
      comment: "No loop between server folders (tests aside).",
      severity: "error",
      scope: "folder",
      from: { path: "^src/server/" },
      to: { path: "^src/server/", circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ["^tests/", "[.]test[.]tsx?$"] },
  },
};
