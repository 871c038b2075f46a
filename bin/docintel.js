#!/usr/bin/env node
// Entry point: registers the TypeScript loader, then hands over to the CLI.
// First: a supervised inference sidecar starts watching its parent before anything slow loads.
import './orphan-guard.js';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
await main(process.argv.slice(2));
