// Who hears the shop's notices is kept on the settings row (app/db/notification-recipients.server.ts);
// routes, which never import app/db, read it through its module here.
export { readNotificationRecipients } from "~/db/notification-recipients.server";
