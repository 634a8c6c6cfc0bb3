let nextId = 100;

/**
 * A fresh id for rows a test makes up (users, sales and items owned by other services): unique
 * within the test process, and above anything a migration or seed could have taken.
 */
export const newId = (): number => (nextId += 1);
