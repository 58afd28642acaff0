import { z } from "zod";
import { Id } from "../../validation.js";

/** safety.block / safety.unblock: the other member. */
export const BlockInput = z.object({ profileId: Id });

/** safety.setInvisible: §4 invisible mode on or off. */
export const SetInvisibleInput = z.object({ invisible: z.boolean() });
