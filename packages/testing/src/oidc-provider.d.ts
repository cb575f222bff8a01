/** oidc-provider ships no type declarations; the tests use a few of its members (openid-provider.ts). */
declare module 'oidc-provider' {
  const Provider: new (
    issuer: string,
    configuration: Record<string, unknown>,
  ) => {
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    proxy: boolean;
    Grant: new (values: { clientId: string; accountId: string }) => {
      addOIDCScope(scope: string): void;
      save(): Promise<string>;
    };
  };
  export default Provider;
}
