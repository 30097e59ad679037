export declare const JAVA_PATH: string;
export declare function ensureJava(): string;
