// Docs: README.md#development — `npm run db:seed`: migrate, seed the catalogue and the demo class, exit.
import { runAsProcess, seedCommand } from './commands';

runAsProcess('db:seed', seedCommand);
