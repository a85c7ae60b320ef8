// The stand-in's utility process: Electron gives it process.parentPort (messages arrive as { data });
// here it is built on the Node child process's ipc channel.
import { EventEmitter } from 'node:events';

const port = new EventEmitter();
port.postMessage = (message) => process.send(message);
process.on('message', (message) => port.emit('message', { data: message }));
process.parentPort = port;
