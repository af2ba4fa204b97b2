export interface Layer {
  layer: string;
  area?: string;
}
export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}
export function layerOf(srcDir: string, file: string, areas?: string): Layer;
export function crossing(from: Layer, to: Layer, areas?: string): string | null;
export function importsOf(text: string): string[];
export function checkBoundaries(srcDir: string, options?: { app?: 'console' | 'portal' }): Violation[];
