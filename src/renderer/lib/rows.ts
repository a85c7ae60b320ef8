// The row pipeline lives in src/shared (main's list windows run it too); the renderer imports it from here.
export * from '../../shared/rows';
