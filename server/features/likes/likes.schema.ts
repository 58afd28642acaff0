import { z } from "zod";
import { Id } from "../../validation.js";

export const ProfileIdInput = z.object({ profileId: Id });
export const ListLikesInput = z.object({ type: z.enum(["sent", "received", "match"]) });
