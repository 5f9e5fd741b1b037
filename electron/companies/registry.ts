// The companies' apps, each opened on its first request and kept until the server closes (docs/companies.md). Two
// requests for a company not yet open wait for the same opening.
import type { CompanyApp } from './company-app';

export interface CompanyRegistry {
  get(slug: string): Promise<CompanyApp>;
  closeAll(): Promise<void>;
}

export function createCompanyRegistry(open: (slug: string) => Promise<CompanyApp>): CompanyRegistry {
  const apps = new Map<string, Promise<CompanyApp>>();
  let closed = false;
  return {
    get(slug) {
      if (closed) return Promise.reject(new Error('The server is closing'));
      let app = apps.get(slug);
      if (!app) {
        app = open(slug);
        apps.set(slug, app);
        // a failed opening is tried again by the next request, not remembered
        app.catch(() => apps.delete(slug));
      }
      return app;
    },
    async closeAll() {
      closed = true;
      const opened = await Promise.allSettled(apps.values());
      apps.clear();
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    },
  };
}
