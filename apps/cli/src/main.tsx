#!/usr/bin/env node
// `riposte <command>` (`npm run cli -- <command>`): the program (program.tsx) on this process.
import { processIo } from './io';
import { runCli } from './program';

// exitCode, not exit(): a large answer written to a pipe must be flushed before the process ends.
void runCli(process.argv, processIo()).then((code) => {
  process.exitCode = code;
});
