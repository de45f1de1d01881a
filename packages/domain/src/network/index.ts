export * from './ping-target';
export * from './ping-monitor';
export * from './discovery';
export * from './auto-ping';
