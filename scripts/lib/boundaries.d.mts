import type { Linter } from 'eslint';
export declare function serverResourceFolders(): string[];
export declare function boundaryRules(): Linter.Config[];
