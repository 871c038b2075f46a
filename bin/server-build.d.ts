// Types of server-build.js (plain JavaScript, loaded by bin/docintel.js before any TypeScript loader).
export declare const PACKAGE_ROOT: string;
export declare const BUILD_DIR: string;
export declare const STAMP_FILE: string;
export declare function filesUnder(dir: string, prefix?: string): string[];
export declare function sourceFingerprint(root?: string): string;
export declare function compiledCli(): { cli: string | null; stale: boolean };
