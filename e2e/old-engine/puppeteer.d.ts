// The part of Puppeteer 1.1.1's API the old-engine suite uses (the package
// ships no types; @types/puppeteer describes later versions).
declare module 'puppeteer' {
  export interface CDPSession {
    send(method: string, params?: Record<string, unknown>): Promise<unknown>;
    on(event: string, listener: (params: never) => void): void;
  }
  export interface Frame {
    url(): string;
    evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  }
  export interface ElementHandle {
    click(): Promise<void>;
    focus(): Promise<void>;
  }
  export interface Response {
    status(): number;
    url(): string;
  }
  export interface ConsoleMessage {
    type(): string;
    text(): string;
  }
  export interface Page {
    goto(url: string, options?: { waitUntil?: string; timeout?: number }): Promise<Response | null>;
    setViewport(viewport: { width: number; height: number }): Promise<void>;
    setUserAgent(userAgent: string): Promise<void>;
    evaluate<T>(fn: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
    evaluateOnNewDocument(fn: () => void): Promise<void>;
    $(selector: string): Promise<ElementHandle | null>;
    frames(): Frame[];
    screenshot(options: { path: string }): Promise<Buffer>;
    target(): { createCDPSession(): Promise<CDPSession> };
    keyboard: { press(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
    on(event: 'console', listener: (message: ConsoleMessage) => void): void;
    on(event: 'response', listener: (response: Response) => void): void;
    close(): Promise<void>;
  }
  export interface Browser {
    newPage(): Promise<Page>;
    close(): Promise<void>;
    version(): Promise<string>;
  }
  const puppeteer: {
    launch(options: { executablePath: string; args: string[]; headless?: boolean; dumpio?: boolean }): Promise<Browser>;
  };
  export default puppeteer;
}
