/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base URL; empty (the default) means the console's own origin. */
  readonly VITE_API_BASE?: string;
}
