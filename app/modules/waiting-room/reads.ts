// What other modules and flows may read of modules/waiting-room's table (never write it).
export { waitingRoom } from "./tables";
