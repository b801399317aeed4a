import type { Server } from 'node:http';

export function buildConfig(base: unknown, env: NodeJS.ProcessEnv): Record<string, unknown>;
export function contentSecurityPolicy(config: unknown, env: NodeJS.ProcessEnv): string;
export function createAppServer(options?: { distDir?: string; env?: NodeJS.ProcessEnv }): Promise<Server>;
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null;
