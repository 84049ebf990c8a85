import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { router, signedInProcedure } from "../trpc/init";

export const accountRouter = router({
  /** The signed-in user's profile (spec users: id, first_name, last_name, avatar_url, email). */
  me: signedInProcedure.query(async ({ ctx }) => {
    const [user] = await ctx.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerified: users.emailVerified,
        avatarUrl: users.image,
      })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    return user ?? null;
  }),
});
