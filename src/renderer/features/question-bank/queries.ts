/** Question and resource tables use the default page size (spec 1 section 9): 20, options 20, 50, 100. */
export const QB_PAGE_SIZE = 20;
export const QB_PAGE_SIZES = [20, 50, 100] as const;
