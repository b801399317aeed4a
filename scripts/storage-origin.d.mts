export function s3StorageOrigin(env: NodeJS.ProcessEnv): string | undefined;
