export declare const PROCESSES_DIR: string;
export declare function newRunId(): string;
export declare function cleanupRun(run: string | undefined): Promise<{ groups: number; databases: string[] }>;
export declare function sweepDeadRuns(): Promise<{ groups: number; databases: string[] }>;
