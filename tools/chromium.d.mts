export function launchChromium(): Promise<import('playwright-core').Browser>;
export const chromiumPath: string;
export const chromiumArgs: string[];
