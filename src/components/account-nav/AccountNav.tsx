import React from 'react';
import { Link } from 'gatsby';

// The account slot of the top navigation. Signed out it is a Sign In link; the Account menu
// (Profile, Licenses, Sign Out) replaces it once accounts are wired in.
export function AccountNav() {
  return (
    <Link className="nav__signin" to="/sign-in">
      Sign In
    </Link>
  );
}
