export declare const LIB_LAYERS: readonly (readonly string[])[];
export declare const layersPlugin: { rules: Record<string, unknown> };
