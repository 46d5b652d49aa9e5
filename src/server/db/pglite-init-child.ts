// The child process of pglite-init.ts: creates and migrates the embedded database in the folder
// it is given, then exits, taking initdb's memory with it.
import { openPglite } from './client.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init-child <data folder>');
const database = await openPglite(dataDir, { createHere: true });
await database.close();
