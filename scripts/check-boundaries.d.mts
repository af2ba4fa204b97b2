export interface Layer {
  layer: string;
  area?: string;
}
export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}
export function layerOf(srcDir: string, file: string): Layer;
export function crossing(from: Layer, to: Layer): string | null;
export function importsOf(text: string): string[];
export function checkBoundaries(srcDir: string): Violation[];
