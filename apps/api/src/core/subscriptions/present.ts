/** The subscriber the admin lists embed (SPEC: `User` with the e-mail), farmer and seller alike. */
export interface Subscriber {
  id: number;
  email: string;
  userName: string;
}

/** A presenter of subscriptions extended with their subscriber under `User`. */
export function withSubscriber<R extends { user: Subscriber }, P>(
  present: (record: R) => P,
): (record: R) => P & { User: Subscriber } {
  return (record) => ({
    ...present(record),
    User: { id: record.user.id, email: record.user.email, userName: record.user.userName },
  });
}
