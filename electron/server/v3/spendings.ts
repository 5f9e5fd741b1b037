export const spendingRoutes = [] as import("./route").V3Route[];
