export declare function sourceFiles(dir: string): string[];
export declare function importGraph(dir: string): Map<string, string[]>;
export declare function circles(graph: Map<string, string[]>): string[][];
