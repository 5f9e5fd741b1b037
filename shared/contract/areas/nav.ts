// Operations of the nav area: NAV Online Számla settings, connection check and the reporting queue.

export const navOperations = {
} as const;
