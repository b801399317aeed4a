import type { ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { AppConfig } from './appConfig.ts';

const Config = serviceContext<AppConfig>('ConfigContext');

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <Config.Provider value={config}>{children}</Config.Provider>;
}

/** The configuration loaded at start; throws outside ConfigProvider so a missing provider is loud. */
export const useAppConfig = Config.useRequired;
