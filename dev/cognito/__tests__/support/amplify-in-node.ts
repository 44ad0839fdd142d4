import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';
import type { LocalCognito } from '../../index';

/** Amplify's token storage, in memory: Node has no localStorage. */
class MemoryStorage implements KeyValueStorageInterface {
  private readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

/** aws-amplify v6 in Node, pointed at the local Cognito as the site points it at the pool. */
export function configureAmplify(cognito: LocalCognito): void {
  // Amplify warns once that the pool's endpoint is a custom one: here it is the local proxy on purpose.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.clientId,
        userPoolEndpoint: cognito.endpoint,
        loginWith: { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
}
