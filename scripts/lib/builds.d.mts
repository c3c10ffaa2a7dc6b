export interface BuildTarget {
  workspace: string;
  output: string;
  sources: string[];
}
export declare const BUILD_TARGETS: BuildTarget[];
export declare function newestSource(root: string, paths: readonly string[]): number;
export declare function staleTargets(root: string): BuildTarget[];
export declare function buildStale(root: string): number;
