import { parseSimulatorArgs, resultLine, SimulatorUsageError, simulatePartner } from "./partner-simulator";

/**
 * `npm run partner:simulate -- --url … --slug … --secret … --user … [--preset …]` (docs/product.md, "Earning
 * partners"): sends a partner's postbacks to a server and prints what it answered; exits 1 when an answer is not
 * the one a correct server gives.
 */
try {
  const options = parseSimulatorArgs(process.argv.slice(2));
  const results = await simulatePartner(options);
  for (const r of results) console.log(resultLine(r));
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
} catch (e) {
  console.error(e instanceof SimulatorUsageError ? e.message : e);
  process.exitCode = 2;
}
